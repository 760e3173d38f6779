import * as v from 'valibot';

/** One post of a WordPress-compatible `GET /wp/v2/posts?_embed` answer: only the fields we show. */
export const NewsPostSchema = v.object({
  id: v.number(),
  date: v.string(),
  link: v.string(),
  title: v.object({ rendered: v.string() }),
  excerpt: v.object({ rendered: v.string() }),
  _embedded: v.optional(
    v.object({
      'wp:featuredmedia': v.optional(
        v.array(v.object({ source_url: v.optional(v.string()), alt_text: v.optional(v.string()) })),
      ),
    }),
  ),
});
export type NewsPost = v.InferOutput<typeof NewsPostSchema>;

export const NewsPostListSchema = v.array(NewsPostSchema);
