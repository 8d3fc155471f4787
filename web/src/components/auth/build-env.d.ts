interface ImportMetaEnv {
  /** The Telegram bot's numeric id for the Login Widget (build time); no Telegram button without it. */
  readonly VITE_TELEGRAM_BOT_ID?: string;
}
