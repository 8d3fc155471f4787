/** The 500's detail (docs/product.md §8): the general text and the request's id, which a user quotes to support. */
export const serverErrorText = (requestId: string) =>
  `Внутренняя ошибка сервера. Код запроса для поддержки: ${requestId}`;
