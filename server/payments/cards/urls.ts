/** The portal page the browser lands on after adding a card (spec §4 Cards). */
export function cardResultPath(failed: boolean): string {
  return failed ? '/user/profile?action=add_card&failed=true' : '/user/profile?action=add_card';
}

/** Our addresses for one card setup, by its single-use token. */
export function cardSetupUrls(origin: string, token: string) {
  const back = `${origin}/api/v1/profile/cards/return?setup=${encodeURIComponent(token)}`;
  return {
    sandboxPage: `${origin}/sandbox/cards/${encodeURIComponent(token)}`,
    success: back,
    cancel: `${back}&cancelled=1`,
  };
}
