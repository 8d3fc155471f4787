export const paymentsTexts = {
  title: "История платежей",
  planFallback: "Пакет запросов",
  amount: (price: string) => `${price} ₽`,
  receipt: "Чек",
  receiptByMail: "Чек отправлен на e-mail",
  status: {
    pending: "ожидает оплаты",
    waiting_for_capture: "ожидает подтверждения",
    succeeded: "оплачен",
    canceled: "отменён",
    refunded: "возвращён",
  },
} as const;
