import type { User } from '@billpoint/proto';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { userInitial } from '@/lib/auth';
import { cn } from '@/lib/utils';

/** Profile image; fallback the first letter of the first name, else of the e-mail, else U. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<User, 'firstName' | 'email' | 'profileImageUrl'> | null;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-9', className)}>
      {user?.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback aria-hidden="true">{userInitial(user)}</AvatarFallback>
    </Avatar>
  );
}
