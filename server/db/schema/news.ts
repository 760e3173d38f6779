import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** News posts served WordPress-style at /wp/v2/posts. Content is trusted HTML written by staff. */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerptHtml: text('excerpt_html').notNull(),
    contentHtml: text('content_html').notNull(),
    categoryIds: integer('category_ids').array().notNull().default([]),
    /** Path under the server's origin, e.g. /assets/news/release.svg. */
    featuredImagePath: text('featured_image_path'),
    featuredImageAlt: text('featured_image_alt').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('news_posts_published_at_idx').on(t.publishedAt)],
);

export const newsCategories = pgTable('news_categories', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});
