import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { licences, products } from '../db/schema';

/** A product as the licence APIs name it: EDD's `item_id` is our download id, `item_name` its name. */
export interface Item {
  downloadId: number;
  name: string;
  slug: string;
  kind: string;
}

/** How long the product list is reused: products change rarely, update checks come by the thousand. */
const cacheMs = 60_000;
const cache = new WeakMap<Database, { until: number; items: Promise<Item[]> }>();

function itemsOf(db: Database, now: number): Promise<Item[]> {
  const cached = cache.get(db);
  if (cached && cached.until > now) return cached.items;
  const items = db
    .select({
      downloadId: products.downloadId,
      name: products.name,
      slug: products.slug,
      kind: products.kind,
    })
    .from(products);
  // A failed read is tried again on the next call rather than kept.
  items.catch(() => cache.delete(db));
  cache.set(db, { until: now + cacheMs, items });
  return items;
}

/**
 * A name as plugins send it: EDD's sample code `urlencode()`s the name before `http_build_query`
 * encodes the body again, so one decoding leaves `Addons+Plugin` or `Addons%20Plugin`.
 */
function normaliseName(name: string): string {
  let text = name;
  if (/%[0-9a-f]{2}|\+/i.test(text)) {
    try {
      text = decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      // Not percent-encoded after all: compare it as sent.
    }
  }
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

export type ItemLookup =
  | { outcome: 'found'; item: Item }
  | { outcome: 'invalid_item_id' | 'item_name_mismatch' | 'key_mismatch' };

/**
 * The item a request names. `item_id` wins, as in EDD; an `item_name` sent with it must name the same
 * product (`key_mismatch` otherwise). None of these answers depends on the licence key, so they reveal
 * nothing about keys.
 */
export async function findItem(
  db: Database,
  request: { itemId: string | undefined; itemName: string | undefined },
  now = Date.now(),
): Promise<ItemLookup> {
  const items = await itemsOf(db, now);
  const byName = request.itemName
    ? items.find((item) => normaliseName(item.name) === normaliseName(request.itemName ?? ''))
    : undefined;
  if (request.itemId !== undefined && request.itemId !== '') {
    const id = /^\d{1,9}$/.test(request.itemId) ? Number(request.itemId) : Number.NaN;
    const item = items.find((candidate) => candidate.downloadId === id);
    if (!item) return { outcome: 'invalid_item_id' };
    if (request.itemName && byName?.downloadId !== item.downloadId) return { outcome: 'key_mismatch' };
    return { outcome: 'found', item };
  }
  return byName ? { outcome: 'found', item: byName } : { outcome: 'item_name_mismatch' };
}

/** The item of a key's own licence, for calls that name none (our JSON API); null for an unknown key. */
export async function itemOfKey(db: Database, key: string): Promise<number | null> {
  const [row] = await db
    .select({ downloadId: licences.downloadId })
    .from(licences)
    .where(eq(licences.key, key));
  return row?.downloadId ?? null;
}
