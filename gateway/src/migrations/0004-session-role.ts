import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * A session no longer keeps the role its user had at sign-in: the role is read from the membership with the session
 * at every request, so a role change or a removal applies at once (a copy here could only go stale).
 */
export const m0004SessionRole = sqlMigration('0004_session_role', [`alter table gateway.sessions drop column role`]);
