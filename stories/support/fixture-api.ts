/**
 * Stories talk to a pretend API: each story gets its own api-base under `/story-api/…`, and this fetch
 * stub answers calls to it from the story's fixture (or never, to show the loading state).
 */
export type FixtureReply = { status?: number; body: unknown; headers?: Record<string, string> } | 'pending';

const replies = new Map<string, (url: URL) => FixtureReply>();
const realFetch = globalThis.fetch.bind(globalThis);

globalThis.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  const prefix = [...replies.keys()].find((base) => url.pathname.startsWith(base));
  const answer = prefix ? replies.get(prefix) : undefined;
  if (!answer) return realFetch(input, init);
  const reply = answer(url);
  if (reply === 'pending') return new Promise<Response>(() => {});
  return new Response(JSON.stringify(reply.body), {
    status: reply.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...reply.headers },
  });
};

let counter = 0;

/** Registers a fixture and returns the api-base a story passes to its element. */
export function fixtureApi(answer: (url: URL) => FixtureReply): string {
  counter += 1;
  const base = `/story-api/${counter}/api/v1`;
  replies.set(base, answer);
  return base;
}
