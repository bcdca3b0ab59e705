import {
  BadgePercent,
  Bot,
  ChartLine,
  FileText,
  Globe,
  Landmark,
  Languages,
  LockKeyhole,
  Mail,
  MonitorSmartphone,
  Palette,
  Play,
  Receipt,
  Repeat,
  ShieldCheck,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { BrandMark } from '@/components/brand';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PricingSection } from './pricing-section';

const loginHref = paths.login.getHref();

const stats = [
  { value: '10K+', label: 'Active users' },
  { value: '$50M+', label: 'Processed' },
  { value: '99.9%', label: 'Uptime' },
  { value: '40+', label: 'Countries' },
];

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Bot,
    title: 'AI-powered invoice creation',
    text: 'Draft invoices in seconds with suggestions drawn from your customers and past work.',
  },
  { icon: Users, title: 'Customer portal', text: 'Give customers one place to see their invoices and pay them online.' },
  { icon: ChartLine, title: 'Real-time analytics', text: 'Follow revenue, outstanding balances and overdue invoices as they change.' },
  { icon: Globe, title: 'Global payment processing', text: 'Get paid by card or PayPal in the currency your customer uses.' },
  { icon: Landmark, title: 'Tax management', text: 'Keep tax rates per jurisdiction and generate the reports you file.' },
  { icon: ShieldCheck, title: 'Multi-tenant isolation', text: "Every organization's data is kept apart from every other's." },
  { icon: Palette, title: 'White-label options', text: 'Put your own logo, colours and domain on what your customers see.' },
  { icon: LockKeyhole, title: 'Secure by default', text: 'Encrypted connections, signed sessions and role-based access.' },
];

const capabilities: { icon: LucideIcon; title: string }[] = [
  { icon: Repeat, title: 'Recurring billing' },
  { icon: Languages, title: 'Multi-currency invoices' },
  { icon: FileText, title: 'PDF invoices' },
  { icon: Mail, title: 'Email delivery' },
  { icon: Webhook, title: 'API and webhooks' },
  { icon: Receipt, title: 'Expense tracking' },
  { icon: BadgePercent, title: 'Subscription plans' },
  { icon: MonitorSmartphone, title: 'Works on any device' },
];

function SignUpButton({
  children,
  size = 'lg',
  variant,
}: {
  children: string;
  size?: 'lg' | 'default';
  variant?: 'default' | 'outline' | 'secondary';
}) {
  return (
    <Button asChild size={size} variant={variant}>
      <a href={loginHref}>{children}</a>
    </Button>
  );
}

/** Unauthenticated `/`. Every sign-up or start button goes to /api/login. */
export function LandingPage() {
  return (
    <div className="min-h-screen bg-background">
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <a
            href="/"
            className="flex items-center gap-2 rounded-md text-lg font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <BrandMark />
            Billpoint
          </a>
          <nav aria-label="Landing" className="ml-6 hidden gap-6 text-sm font-medium text-muted-foreground md:flex">
            <a href="#features" className="hover:text-foreground">
              Features
            </a>
            <a href="#pricing" className="hover:text-foreground">
              Pricing
            </a>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <SignUpButton size="default">Get Started Free</SignUpButton>
          </div>
        </div>
      </header>

      <main>
        <section aria-labelledby="hero-title" className="border-b bg-gradient-to-b from-accent/60 to-background">
          <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
            <p className="mb-4 inline-flex rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
              14-day free trial · No credit card required
            </p>
            <h1 id="hero-title" className="text-4xl font-bold tracking-tight sm:text-6xl">
              Invoicing and billing for <span className="text-primary">growing businesses</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
              Create invoices with AI, keep your customers in one place, send invoices by e-mail and get paid anywhere in the world.
            </p>
            <div className="mt-10 flex flex-wrap justify-center gap-3">
              <SignUpButton>Start Free Trial</SignUpButton>
              <Button asChild size="lg" variant="outline">
                <a href="#features">
                  <Play aria-hidden="true" />
                  Watch Demo
                </a>
              </Button>
            </div>
          </div>
        </section>

        <section aria-label="Billpoint in numbers" className="border-b">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col text-center">
                <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="order-first text-3xl font-bold text-primary sm:text-4xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <PricingSection />

        <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
                Everything you need to get paid
              </h2>
              <p className="mt-3 text-muted-foreground">From the first invoice to the tax report, in one place.</p>
            </div>
            <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {features.map((feature) => (
                <li key={feature.title} className="rounded-xl border bg-card p-6 shadow-sm">
                  <feature.icon className="size-8 text-primary" aria-hidden="true" />
                  <h3 className="mt-4 font-semibold">{feature.title}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{feature.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="capabilities-title" className="border-t bg-muted/50 py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="capabilities-title" className="text-center text-3xl font-bold tracking-tight">
              Built for the way you bill
            </h2>
            <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
              {capabilities.map((capability) => (
                <li key={capability.title} className="flex items-center gap-3 rounded-lg border bg-card p-4 text-sm font-medium">
                  <capability.icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                  {capability.title}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="py-20">
          <div className="mx-auto max-w-4xl rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
              Ready to get paid faster?
            </h2>
            <p className="mx-auto mt-3 max-w-xl">Join thousands of businesses that send their invoices with Billpoint.</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <SignUpButton variant="secondary">Start Free Trial</SignUpButton>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-primary-foreground bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
              >
                <a href="#features">Schedule Demo</a>
              </Button>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} Billpoint</p>
          <nav aria-label="Footer" className="flex gap-6">
            <a href="#" className="hover:text-foreground">
              Privacy Policy
            </a>
            <a href="#" className="hover:text-foreground">
              Terms of Service
            </a>
            <a href="#" className="hover:text-foreground">
              Support
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
