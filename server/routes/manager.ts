import { Hono } from 'hono';
import { OrdersQuerySchema, UserSwitchRequestSchema, UsersQuerySchema } from '../../shared/schemas/manager';
import { requireSession, requireUser } from '../auth/middleware';
import type { AppEnv } from '../http/app-env';
import { readJson, readQuery } from '../http/validate';
import { listOrders } from '../manager/orders';
import { requireStaff } from '../manager/roles';
import { switchBack, switchInto } from '../manager/switching';
import { listUsers } from '../manager/users';

/** Shop manager calls of spec §7: the user list, account switching and every order. */
export function managerRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/users', async (c) => {
    const actor = requireStaff(requireUser(c));
    const query = readQuery(c, UsersQuerySchema);
    const page = await listUsers(c.get('deps').db, actor, query);
    c.header('X-WP-Total', String(page.total));
    c.header('X-WP-TotalPages', String(Math.max(1, Math.ceil(page.total / query.per_page))));
    return c.json({ users: page.users });
  });

  app.post('/user-switch', async (c) => {
    const { user, session } = requireSession(c);
    const body = await readJson(c, UserSwitchRequestSchema);
    return c.json(
      body.switch_back
        ? await switchBack(c, user, session, body.user_id)
        : await switchInto(c, user, session, body.user_id),
    );
  });

  app.get('/orders', async (c) => {
    requireStaff(requireUser(c));
    const query = readQuery(c, OrdersQuerySchema);
    const { total, ...page } = await listOrders(c.get('deps').db, query);
    c.header('X-WP-Total', String(total));
    return c.json(page);
  });

  return app;
}
