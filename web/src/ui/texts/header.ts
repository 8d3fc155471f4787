export const headerTexts = {
  userMenu: "Меню пользователя",
  settings: "Настройки",
  darkTheme: "Темная тема",
  lightTheme: "Светлая тема",
  logout: "Выйти",
  signIn: "Войти",
} as const;
