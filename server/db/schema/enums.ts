import { pgEnum } from 'drizzle-orm/pg-core';

// Same literals as openapi.yaml's Role and PasswordTokenPurpose (one vocabulary, CONVENTIONS 6).
export const roleEnum = pgEnum('role', ['superadmin', 'landlord', 'employee', 'renter']);
export const passwordTokenPurposeEnum = pgEnum('password_token_purpose', ['reset', 'first_login']);
