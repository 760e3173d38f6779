import type { AccountTypeValue } from '../db/schema';

export interface DemoAccount {
  /** Key used by the seed to attach data to the account. */
  key:
    | 'customer'
    | 'totp'
    | 'email2fa'
    | 'setup2fa'
    | 'manager'
    | 'admin'
    | 'superAdmin'
    | 'company'
    | 'affiliate';
  role: string;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  accountType: AccountTypeValue;
  isCustomer: boolean;
  note: string;
}

/**
 * The authenticator secret of the TOTP demo account (base32). Published on purpose, like the demo
 * passwords: add it to any authenticator app to produce codes for totp@example.com.
 */
export const demoTotpSecret = 'JBSWY3DPEHPK3PXP';

/**
 * Demo sign-ins, printed at start and listed in server/README.md. They exist only where demo data is
 * seeded (SEED_DEMO_DATA, off by default in production): their passwords are public.
 */
export const demoAccounts: readonly DemoAccount[] = [
  {
    key: 'customer',
    role: 'Customer',
    username: 'customer',
    email: 'customer@example.com',
    password: 'Customer#2026',
    firstName: 'Casey',
    lastName: 'Customer',
    accountType: 'CUSTOMER',
    isCustomer: true,
    note: 'purchases, licences, sites, subscriptions, tickets, two cards',
  },
  {
    key: 'totp',
    role: 'Customer, authenticator 2FA',
    username: 'totp',
    email: 'totp@example.com',
    password: 'Totp#2026',
    firstName: 'Toni',
    lastName: 'Totp',
    accountType: 'CUSTOMER',
    isCustomer: true,
    note: `TOTP secret ${demoTotpSecret}`,
  },
  {
    key: 'email2fa',
    role: 'Customer, e-mail 2FA',
    username: 'email2fa',
    email: 'email2fa@example.com',
    password: 'Email2fa#2026',
    firstName: 'Emil',
    lastName: 'Mailer',
    accountType: 'CUSTOMER',
    isCustomer: true,
    note: 'codes arrive in /dev/outbox',
  },
  {
    key: 'setup2fa',
    role: 'Customer, 2FA required',
    username: 'setup2fa',
    email: 'setup2fa@example.com',
    password: 'Setup2fa#2026',
    firstName: 'Sam',
    lastName: 'Setup',
    accountType: 'CUSTOMER',
    isCustomer: true,
    note: 'policy requires 2FA: sets it up at first sign-in',
  },
  {
    key: 'manager',
    role: 'Shop manager',
    username: 'manager',
    email: 'manager@example.com',
    password: 'Manager#2026',
    firstName: 'Morgan',
    lastName: 'Manager',
    accountType: 'SHOP_MANAGER',
    isCustomer: false,
    note: 'lists users and orders, switches into users',
  },
  {
    key: 'admin',
    role: 'Admin',
    username: 'admin',
    email: 'admin@example.com',
    password: 'Admin#2026',
    firstName: 'Alex',
    lastName: 'Admin',
    accountType: 'ADMIN',
    isCustomer: false,
    note: 'all sidebar entries',
  },
  {
    key: 'superAdmin',
    role: 'Super-admin',
    username: 'superadmin',
    email: 'superadmin@example.com',
    password: 'SuperAdmin#2026',
    firstName: 'Sasha',
    lastName: 'Super',
    accountType: 'SUPER_ADMIN',
    isCustomer: false,
    note: 'admin dashboard report',
  },
  {
    key: 'company',
    role: 'Company account',
    username: 'company',
    email: 'company@example.com',
    password: 'Company#2026',
    firstName: 'Cora',
    lastName: 'Company',
    accountType: 'CUSTOMER',
    isCustomer: false,
    note: 'two company profiles: Acme Agency (active), Globex Studio',
  },
  {
    key: 'affiliate',
    role: 'Affiliate',
    username: 'affiliate',
    email: 'affiliate@example.com',
    password: 'Affiliate#2026',
    firstName: 'Avery',
    lastName: 'Affiliate',
    accountType: 'CUSTOMER',
    isCustomer: true,
    note: 'referrals, visits, payouts, creatives',
  },
];
