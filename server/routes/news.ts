import { and, arrayOverlaps, count, desc, eq, lte } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { NewsPost } from '../../shared/schemas/news';
import { dashboardPaths } from '../../shared/stores/auth-redirect';
import { newsPosts } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { HttpError, notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { postPage } from '../news/post-page';

const wholeNumber = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, `${field} must be a whole number.`),
    v.transform(Number),
    v.minValue(min, `${field} must be at least ${min}.`),
    v.maxValue(max, `${field} must be at most ${max}.`),
  );

/** The WordPress query parameters we honour; unknown ones are ignored, as WordPress does. */
const PostsQuerySchema = v.object({
  per_page: v.optional(wholeNumber('per_page', 1, 100), '10'),
  page: v.optional(wholeNumber('page', 1, 100_000), '1'),
  categories: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}(,\d{1,9})*$/, 'categories must be a comma-separated list of ids.'),
      v.transform((list) => list.split(',').map(Number)),
    ),
  ),
  _embed: v.optional(v.string()),
});

type PostRow = typeof newsPosts.$inferSelect;

/** The origin the links should use: the public one when known, as the widget may run on another site. */
function originOf(c: Context<AppEnv>): string {
  return c.get('deps').publicOrigin() ?? new URL(c.req.url).origin;
}

/** WordPress writes `date` in site time without a zone; the site time here is UTC. */
function wpDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** What we send: the fields the widget parses (NewsPost) plus the usual WordPress ones around them. */
type WpPost = NewsPost & {
  date_gmt: string;
  slug: string;
  status: 'publish';
  type: 'post';
  excerpt: { rendered: string; protected: boolean };
  content: { rendered: string; protected: boolean };
  categories: number[];
  featured_media: number;
};

function toWpPost(post: PostRow, origin: string, embed: boolean): WpPost {
  const media = post.featuredImagePath
    ? {
        id: post.id,
        source_url: `${origin}${post.featuredImagePath}`,
        alt_text: post.featuredImageAlt,
        media_type: 'image',
        mime_type: 'image/svg+xml',
      }
    : null;
  const wpPost: WpPost = {
    id: post.id,
    date: wpDate(post.publishedAt),
    date_gmt: wpDate(post.publishedAt),
    slug: post.slug,
    status: 'publish',
    type: 'post',
    link: `${origin}/news/${post.slug}`,
    title: { rendered: post.title },
    excerpt: { rendered: post.excerptHtml, protected: false },
    content: { rendered: post.contentHtml, protected: false },
    categories: post.categoryIds,
    featured_media: media ? media.id : 0,
  };
  if (embed && media) wpPost._embedded = { 'wp:featuredmedia': [media] };
  return wpPost;
}

/**
 * A WordPress-compatible `GET /wp/v2/posts`: newest first, `per_page`, `page`, `categories`, `_embed`,
 * `X-WP-Total`, `X-WP-TotalPages`.
 */
export function wpPostsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/wp/v2/posts', async (c) => {
    const { db } = c.get('deps');
    const query = readQuery(c, PostsQuerySchema);
    const where = and(
      lte(newsPosts.publishedAt, new Date()),
      query.categories ? arrayOverlaps(newsPosts.categoryIds, query.categories) : undefined,
    );
    const [totals] = await db.select({ total: count() }).from(newsPosts).where(where);
    const total = totals?.total ?? 0;
    const totalPages = Math.ceil(total / query.per_page);
    if (query.page > 1 && query.page > totalPages) {
      throw new HttpError(
        400,
        'rest_post_invalid_page_number',
        'The page number requested is larger than the number of pages available.',
      );
    }
    const rows = await db
      .select()
      .from(newsPosts)
      .where(where)
      .orderBy(desc(newsPosts.publishedAt), desc(newsPosts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);

    const origin = originOf(c);
    c.header('X-WP-Total', String(total));
    c.header('X-WP-TotalPages', String(totalPages));
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(rows.map((row) => toWpPost(row, origin, query._embed !== undefined)));
  });

  return app;
}

/** A plain page per post: the `link` the posts answer points to. */
export function newsPageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/news/:slug', async (c) => {
    const [post] = await c
      .get('deps')
      .db.select()
      .from(newsPosts)
      .where(and(eq(newsPosts.slug, c.req.param('slug')), lte(newsPosts.publishedAt, new Date())))
      .limit(1);
    if (!post) throw notFound('No such post.');
    return c.html(postPage(post, dashboardPaths.user));
  });

  return app;
}
