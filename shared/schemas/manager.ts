import * as v from 'valibot';
import { paging } from '../catalogue/paging';
import { maxId } from './ids';

/*
 * Shop manager calls of spec §7 (`GET /users`, `POST /user-switch`, `GET /orders`). The server
 * validates requests with these schemas and the elements parse every answer with them. Amounts are dollars with 2 decimals; the database keeps cents.
 */

/** A positive id as a number or as the numeric string a query string gives. */
const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
  v.maxValue(maxId),
);
/** A page number or size from a query string. */
const count = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
      v.maxValue(max),
    ),
    fallback,
  );
/** Free-text search: trimmed, capped so a search cannot become an expensive pattern. */
const search = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), '');

export const userOrderBy = ['name', 'email', 'id', 'registered'] as const;

/** `GET /users {page, per_page, search, order, orderby}`: 20 per page from page 1 (spec §9). */
export const UsersQuerySchema = v.object({
  page: count(paging.firstUsersPage, 100_000),
  per_page: count(paging.users, 100),
  search,
  order: v.optional(v.picklist(['asc', 'desc']), 'asc'),
  orderby: v.optional(v.picklist(userOrderBy), 'name'),
});
export type UsersQuery = v.InferOutput<typeof UsersQuerySchema>;

/** spec §3 Shop manager user, plus whether the caller may switch into the account. */
export const ManagedUserSchema = v.object({
  user_id: v.number(),
  name: v.string(),
  email: v.string(),
  can_switch: v.boolean(),
});
export type ManagedUser = v.InferOutput<typeof ManagedUserSchema>;

/** The page of users; the total is in `X-WP-Total`. */
export const UserListSchema = v.object({ users: v.array(ManagedUserSchema) });
export type UserList = v.InferOutput<typeof UserListSchema>;

/** `POST /user-switch`: into `user_id`, or back (`switch_back: true`, `user_id` the account returned to). */
export const UserSwitchRequestSchema = v.object({
  user_id: id,
  switch_back: v.optional(v.boolean(), false),
});
export type UserSwitchRequest = v.InferOutput<typeof UserSwitchRequestSchema>;

/** `GET /orders {search, page}`: 20 per page. */
export const OrdersQuerySchema = v.object({ search, page: count(1, 100_000) });
export type OrdersQuery = v.InferOutput<typeof OrdersQuerySchema>;

/** spec §3 Order. `date` is ISO 8601; `total` in dollars. */
export const OrderSchema = v.object({
  ID: v.number(),
  number: v.string(),
  email: v.string(),
  gateway: v.string(),
  status: v.string(),
  products: v.array(v.object({ name: v.string(), price_name: v.string() })),
  transaction_id: v.nullable(v.string()),
  total: v.number(),
  date: v.string(),
});
export type Order = v.InferOutput<typeof OrderSchema>;

/** The orders page with `sales` (spec §3): completed orders matching the search, counted and summed. */
export const OrderListSchema = v.object({
  orders: v.array(OrderSchema),
  sales: v.object({ count: v.number(), total: v.number() }),
});
export type OrderList = v.InferOutput<typeof OrderListSchema>;
