import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationMembers } from '@billpoint/proto';
import { api } from '@/lib/api-client';

/** GET /api/organization/members: the members of the signed-in user's organization (any member may read it). */
export const organizationMembersQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'organization', 'members'],
    queryFn: ({ signal }) => api.get<OrganizationMembers>('/api/organization/members', { signal }),
    // Read afresh on each visit, like the audit log it names: a member who joined since is a member, not a former one.
    staleTime: 0,
  });

/** The members' names by user id; undefined until the list has arrived (or when it could not be read). */
export function useMemberNames(): ReadonlyMap<string, string> | undefined {
  const { data } = useQuery({
    ...organizationMembersQueryOptions(),
    select: (d) => new Map(d.members.map((m) => [m.id, m.name])),
  });
  return data;
}
