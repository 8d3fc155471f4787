export const paymentsTexts = {
  title: "История платежей",
  planFallback: "Пакет запросов",
  amount: (price: string) => `${price} ₽`,
  receipt: "Чек",
  receiptByMail: "Чек отправлен на e-mail",
  // An abandoned payment (docs/payments.md): paid later or canceled within the provider's window.
  pay: "Оплатить",
  cancel: "Отменить",
  payLabel: (plan: string) => `Оплатить «${plan}»`,
  cancelLabel: (plan: string) => `Отменить платёж «${plan}»`,
  payUntil: (time: string) => `оплатить можно до ${time}`,
  expired: "срок оплаты истёк",
  status: {
    pending: "ожидает оплаты",
    waiting_for_capture: "ожидает подтверждения",
    succeeded: "оплачен",
    canceled: "отменён",
    refunded: "возвращён",
  },
} as const;
