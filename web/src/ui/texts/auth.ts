export const authTexts = {
  loading: "Загружаем Ясно…",
  tagline: "ИИ-ассистент: закон, недвижимость и любые вопросы простыми словами",
  email: "E-mail",
  emailPlaceholder: "you@example.ru",
  password: "Пароль",
  passwordPlaceholder: "Не короче 8 символов",
  name: "Имя",
  namePlaceholder: "Как к вам обращаться",
  showPassword: "Показать пароль",
  hidePassword: "Скрыть пароль",
  or: "или по e-mail",
  orExternal: "или",
  close: "Закрыть",
  login: {
    title: "Вход",
    subtitle: "Рады видеть вас снова",
    submit: "Войти",
    forgot: "Забыли пароль?",
    noAccount: "Нет аккаунта?",
    register: "Зарегистрироваться",
  },
  register: {
    title: "Регистрация",
    subtitle: "Создайте аккаунт — и задайте ассистенту первый вопрос",
    submit: "Создать аккаунт",
    haveAccount: "Уже есть аккаунт?",
    login: "Войти",
  },
  registerV2: {
    title: "Начните за минуту",
    subtitle: "Войдите через удобный сервис или зарегистрируйтесь по e-mail",
    // Without a configured provider nothing else is promised.
    subtitleEmailOnly: "Укажите e-mail и придумайте пароль — и задайте ассистенту первый вопрос",
    submit: "Зарегистрироваться",
  },
  // Beside the sign-in form: what Ясно is, for a visitor the access gate sent there (docs/product.md §2).
  about: {
    title: "Что такое Ясно",
    modesLabel: "Режимы",
    // The seeded modes' descriptions (migrations/0001_seed_modes.sql) until GET /products/ answers.
    descriptions: {
      explain_law: "Разберёт закон, договор или ситуацию простыми словами и подскажет, что делать дальше.",
      gpt: "Ответит на любой вопрос: тексты, идеи, расчёты, переводы.",
      explain_estate: "Поможет с покупкой, арендой, ипотекой и документами на жильё.",
      explain_img: "Опишет и объяснит то, что на картинке: документ, схему, фото.",
    } as Record<string, string>,
    free: (start: number, daily: number) =>
      `${start} запросов при регистрации и ${daily} бесплатных каждый день. Пакеты — от 199 ₽ за 30 запросов.`,
    privacy: "Паспорт, телефон, ФИО и другие личные данные скрываются от модели ещё до отправки вопроса.",
    register: "Создать аккаунт бесплатно",
  },
  forgot: {
    title: "Восстановление пароля",
    subtitle: "Укажите e-mail аккаунта — мы пришлём ссылку, чтобы задать новый пароль",
    submit: "Отправить ссылку",
    remembered: "Вспомнили пароль?",
    login: "Войти",
  },
  forgotSent: {
    title: "Проверьте почту",
    body:
      "Если аккаунт с этим e-mail существует, мы отправили на него письмо со ссылкой для восстановления " +
      "пароля. Ссылка действует один час.",
    sentTo: "Адрес:",
    spam: "Письма нет? Проверьте папку «Спам» или запросите ссылку ещё раз.",
    again: "Отправить ещё раз",
    login: "Вернуться ко входу",
  },
  recovery: {
    title: "Новый пароль",
    subtitle: "Придумайте новый пароль для входа в аккаунт",
    password: "Новый пароль",
    repeat: "Повторите пароль",
    mismatch: "Пароли не совпадают",
    submit: "Сохранить пароль",
    done: "Пароль изменён. Войдите с новым паролем.",
  },
  recoveryInvalid: {
    title: "Ссылка недействительна",
    body: "Ссылка для восстановления пароля устарела или уже была использована. Запросите новую — это займёт минуту.",
    request: "Запросить новую ссылку",
    login: "Вернуться ко входу",
  },
  external: {
    label: "Войти через",
    telegram: "Telegram",
    vk: "VK ID",
    google: "Google",
    yandex: "Яндекс ID",
  },
  // What the sign-in forms say before sending, every problem at once (the server says the same).
  checks: {
    emailMissing: "Введите e-mail",
    emailInvalid: "Некорректный e-mail",
    passwordMissing: "Введите пароль",
    passwordShort: "Пароль должен быть не короче 8 символов",
  },
  errors: {
    oauth: "Ошибка авторизации, попробуйте другой способ или повторите попытку позже",
    oauthConflict: "Пользователь с данным email уже зарегистрирован",
    blocked: "Аккаунт заблокирован. Обратитесь в поддержку",
    telegram: "Ошибка авторизации через Telegram, попробуйте другой способ или повторите попытку позже",
    userLoad: "Не удалось загрузить данные пользователя.",
    network: "Нет связи с сервером. Проверьте подключение и повторите попытку.",
    unknown: "Что-то пошло не так, повторите попытку позже.",
  },
} as const;
