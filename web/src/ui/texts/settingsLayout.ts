export const settingsLayoutTexts = {
  title: "Настройки",
  home: "На главную",
  account: "Управление аккаунтом",
  subscription: "Управление подпиской",
  openMenu: "Открыть меню",
  closeMenu: "Закрыть меню",
  logout: "Выйти",
  navigation: "Разделы настроек",
} as const;
