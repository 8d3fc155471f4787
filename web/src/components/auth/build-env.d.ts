interface ImportMetaEnv {
  /** The Telegram bot's numeric id for the Login Widget (build time); no Telegram button without it. */
  readonly VITE_TELEGRAM_BOT_ID?: string;
  /** Which of vk, google, yandex to offer, comma separated (build time); all three when unset. */
  readonly VITE_SIGN_IN_PROVIDERS?: string;
}
