/**
 * Every validation message of spec §5, word for word (typos included: 'Fist name', 'uppercase,1 number',
 * 'must be greater than N character'). Forms and the server read them from here; only form-messages/ spells
 * them. Messages with a placeholder are functions. The §8 messages live in shared/api/messages.ts.
 *
 * One module per form (form-messages/), all re-exported here: a module lands whole in a chunk, so one file
 * of every form's texts was a part of every form's download (checkout, sign-in, tickets, profile …).
 */

export * from './form-messages/address';
export * from './form-messages/affiliate';
export * from './form-messages/auth';
export * from './form-messages/checkout';
export * from './form-messages/invoice';
export * from './form-messages/password-change';
export * from './form-messages/profile';
export * from './form-messages/rules';
export * from './form-messages/tickets';
