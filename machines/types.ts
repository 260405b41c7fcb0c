/** Every role the product knows; `guest` is the role of a visitor without a session. */
export const roles = ['renter', 'employee', 'superadmin', 'landlord', 'guest'] as const;
export type Role = (typeof roles)[number];

/** The user returned by GET /user. Extra server fields (land, room, ...) pass through untouched. */
export type SessionUser = {
  id: string;
  username: string;
  email: string | null;
  full_name: string;
  role: Exclude<Role, 'guest'>;
  landlord_id: string | null;
  avatar_url: string | null;
  [k: string]: unknown;
};
