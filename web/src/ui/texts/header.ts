export const headerTexts = {
  userMenu: "Меню пользователя",
  settings: "Настройки",
  profile: "Профиль",
  subscription: "Подписка и платежи",
  darkTheme: "Темная тема",
  lightTheme: "Светлая тема",
  logout: "Выйти",
} as const;
