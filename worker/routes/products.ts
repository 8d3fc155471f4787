import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";
import { activeProducts, publicProduct } from "../services/products";

// Admin writes (POST, PUT, DELETE) come with issue 4.
export const products = new Hono<AppEnv>().get(
  "/",
  describeRoute({
    tags: ["products"],
    summary: "Режимы ассистента",
    description: "Активные режимы: assistant_type, title, description, model. Без авторизации.",
    responses: { 200: { description: "Product[]" } },
  }),
  async (c) => c.json((await activeProducts(getDb(c.env.DB))).map(publicProduct), 200),
);
