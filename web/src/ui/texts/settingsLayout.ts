export const settingsLayoutTexts = {
  title: "Настройки",
  home: "На главную",
  openMenu: "Открыть меню",
  closeMenu: "Закрыть меню",
  logout: "Выйти",
  navigation: "Разделы настроек",
} as const;
