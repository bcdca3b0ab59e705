import type * as React from 'react';
import { Link } from 'react-router-dom';
import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** A link that looks like a button, with an optional leading icon. */
export function LinkButton({
  to,
  icon: Icon,
  children,
  ...props
}: Omit<ButtonProps, 'asChild'> & { to: string; icon?: LucideIcon; children: React.ReactNode }) {
  return (
    <Button asChild {...props}>
      <Link to={to}>
        {Icon && <Icon aria-hidden="true" />}
        {children}
      </Link>
    </Button>
  );
}
