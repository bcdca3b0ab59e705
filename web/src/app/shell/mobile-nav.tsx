import * as React from 'react';
import { useLocation } from 'react-router-dom';
import { Menu } from 'lucide-react';
import type { User } from '@billpoint/proto';
import { BrandHomeLink } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Sidebar } from './sidebar';

const WIDE = '(min-width: 768px)';

/**
 * The phone's navigation (< 768 px): a top bar with the menu button; the button opens the sidebar as a drawer. Choosing
 * a link closes it (the address changes), as do Escape and a click outside; it also closes when the window widens
 * past the phone size, where the sidebar is shown beside the screen instead.
 */
export function MobileNav({ user }: { user: User }) {
  const [open, setOpen] = React.useState(false);
  const { pathname, search } = useLocation();
  React.useEffect(() => setOpen(false), [pathname, search]);
  React.useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const close = () => wide.matches && setOpen(false);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background px-2 md:hidden">
        <SheetTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open navigation">
            <Menu aria-hidden="true" />
          </Button>
        </SheetTrigger>
        <BrandHomeLink />
      </header>
      <SheetContent aria-describedby={undefined}>
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <Sidebar user={user} collapsed={false} onClose={() => setOpen(false)} className="h-full w-full border-r-0" />
      </SheetContent>
    </Sheet>
  );
}
