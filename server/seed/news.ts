import type { Database } from '../db';
import { newsCategories, newsPosts } from '../db/schema';

const day = 24 * 3600 * 1000;

export const newsCategoryIds = { releases: 1, tutorials: 2, company: 3 } as const;

const categories = [
  { id: newsCategoryIds.releases, slug: 'releases', name: 'Releases' },
  { id: newsCategoryIds.tutorials, slug: 'tutorials', name: 'Tutorials' },
  { id: newsCategoryIds.company, slug: 'company', name: 'Company' },
];

const posts = [
  {
    slug: 'blocks-plugin-3-0',
    title: 'Blocks Plugin 3.0: faster editing and 12 new blocks',
    excerpt:
      '<p>The biggest Blocks release yet brings a faster editor, 12 new blocks and a new pattern library.</p>',
    content:
      '<p>Blocks 3.0 is out. Editing is up to twice as fast, there are 12 new blocks, and the pattern library now ships with 40 ready layouts.</p><p>Update from your dashboard as usual.</p>',
    categoryIds: [newsCategoryIds.releases],
    image: '/assets/news/blocks-3.svg',
    alt: 'Blocks 3.0 release banner',
    daysAgo: 2,
  },
  {
    slug: 'agency-bundle-now-includes-payments',
    title: 'The Agency Bundle now includes the Payment Plugin',
    excerpt:
      '<p>Every Agency Bundle licence, yearly or lifetime, now covers the Payment Plugin at no extra cost.</p>',
    content:
      '<p>From today, the Payment Plugin is part of the Agency Bundle. Existing bundle owners find it in their downloads already.</p>',
    categoryIds: [newsCategoryIds.releases, newsCategoryIds.company],
    image: '/assets/news/agency-bundle.svg',
    alt: 'Agency Bundle banner',
    daysAgo: 9,
  },
  {
    slug: 'security-release-notification-plugin',
    title: 'Security release for the Notification Plugin',
    excerpt: '<p>Version 4.2.1 fixes a stored cross-site scripting issue. Please update now.</p>',
    content:
      '<p>Version 4.2.1 of the Notification Plugin fixes a stored cross-site scripting issue reported through our disclosure programme. Please update.</p>',
    categoryIds: [newsCategoryIds.releases],
    image: '/assets/news/security.svg',
    alt: 'Security update banner',
    daysAgo: 20,
  },
  {
    slug: 'tutorial-one-page-checkout',
    title: 'Tutorial: a one-page checkout in ten minutes',
    excerpt: '<p>Paste one script tag and one element into any page and sell from there.</p>',
    content:
      '<p>This tutorial shows how to paste the checkout element into any page of your site, with one script tag.</p>',
    categoryIds: [newsCategoryIds.tutorials],
    image: '/assets/news/tutorial-checkout.svg',
    alt: 'Tutorial banner',
    daysAgo: 35,
  },
  {
    slug: 'six-million-community-members',
    title: 'Our community passes 6 million members',
    excerpt: '<p>Thank you to everyone who asks, answers and shares in the group.</p>',
    content:
      '<p>The community group has passed 6 million members. Thank you for every question, answer and tip.</p>',
    categoryIds: [newsCategoryIds.company],
    image: '/assets/news/community.svg',
    alt: 'Community banner',
    daysAgo: 60,
  },
];

/** A few demo news posts with featured images served from /assets/news (no outside URLs). */
export async function seedNews(db: Database, now = new Date()): Promise<void> {
  await db.insert(newsCategories).values(categories).onConflictDoNothing();
  await db
    .insert(newsPosts)
    .values(
      posts.map((post) => ({
        slug: post.slug,
        title: post.title,
        excerptHtml: post.excerpt,
        contentHtml: post.content,
        categoryIds: post.categoryIds,
        featuredImagePath: post.image,
        featuredImageAlt: post.alt,
        publishedAt: new Date(now.getTime() - post.daysAgo * day),
      })),
    )
    .onConflictDoNothing({ target: newsPosts.slug });
}
