import { describe, expect, it } from 'vitest';
import { readProfileQuery } from './profile-query';

describe('readProfileQuery', () => {
  it("action=add_card opens billing with 'Added card successfully.'", () => {
    expect(readProfileQuery('?action=add_card')).toEqual({
      tab: 'billing',
      toast: { kind: 'success', message: 'Added card successfully.' },
      confirmEmailKey: null,
      rest: '',
    });
  });
  it("failed=true says 'Failed to add card.'", () => {
    expect(readProfileQuery('?action=add_card&failed=true').toast).toEqual({
      kind: 'error',
      message: 'Failed to add card.',
    });
  });
  it('reads the e-mail key and drops it from what stays on the URL', () => {
    const query = readProfileQuery('?action=confirm_email&key=abc&tab=security&x=1');
    expect(query.confirmEmailKey).toBe('abc');
    expect(query.tab).toBe('security');
    expect(query.rest).toBe('?tab=security&x=1');
  });
  it('ignores an unknown tab', () => {
    expect(readProfileQuery('?tab=admin').tab).toBeNull();
  });
});
