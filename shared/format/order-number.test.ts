import { describe, expect, it } from 'vitest';
import { formatOrderNumber, orderLabel } from './order-number';

describe('order numbers', () => {
  it("name a purchase by its order number: '#1003', 'Order #1003'", () => {
    expect(formatOrderNumber('1003')).toBe('#1003');
    expect(orderLabel('1003')).toBe('Order #1003');
  });
});
