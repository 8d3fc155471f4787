export const accountTexts = {
  email: "E-mail",
  name: "Имя",
  password: "Пароль",
  notSet: "Не указано",
  edit: "Изменить",
  save: "Сохранить",
  cancel: "Отмена",
  newPassword: "Новый пароль",
  repeatPassword: "Повторите пароль",
  showPassword: "Показать пароль",
  hidePassword: "Скрыть пароль",
  avatar: "Фото профиля",
  chooseAvatar: "Выбрать фото",
  avatarLocalOnly: "Фото видно только на этом устройстве и не загружается на сервер.",
  loadFailed: "Не удалось загрузить данные пользователя.",
  saveFailed: "Не удалось сохранить изменения, повторите попытку позже.",
  // Account changes need the owner (docs/accounts.md, "Account changes").
  currentPassword: "Текущий пароль",
  code: "Код из письма",
  getCode: "Получить код",
  codeSent: "Мы отправили код на ваш e-mail. Он действует 10 минут.",
  codeFailed: "Не удалось отправить код, повторите попытку позже.",
  freshSignIn:
    "Если изменение не сохранится, выйдите и войдите снова: вход в последние 10 минут подтверждает, что это вы.",
  emailPending: (email: string) =>
    `Мы отправили письмо на новый адрес ${email}. Откройте ссылку в нём, чтобы подтвердить смену e-mail; до этого ` +
    `остаётся прежний адрес.`,
} as const;
