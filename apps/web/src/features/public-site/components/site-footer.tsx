import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo';

const groups: Array<{ title: string; links: Array<{ to: string; label: string }> }> = [
  {
    title: 'Product',
    links: [
      { to: '/products', label: 'Products' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/docs', label: 'Docs' },
      { to: '/status', label: 'Status' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/support', label: 'Support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms' },
      { to: '/privacy', label: 'Privacy' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-surface/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 sm:px-8 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted">
            Find out where in Miami-Dade County a photo was taken.
          </p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-xs font-semibold tracking-[0.16em] text-subtle uppercase">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted hover:text-fg">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-5 py-5 text-xs text-subtle sm:px-8">
          © {new Date().getFullYear()} Vision Terminal · Free during the beta · Coverage: Miami-Dade County, Florida
        </p>
      </div>
    </footer>
  );
}
