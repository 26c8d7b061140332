import { AppLink } from '../../components/app-link.tsx';
import { Container } from '../../components/ui/container.tsx';
import { PRODUCT_NAME, SOCIAL_LINKS } from '../../config/site.ts';
import { Logo } from './logo.tsx';
import { FOOTER_LINKS } from './nav-links.ts';
import { LinkedInIcon, XIcon } from './social-icons.tsx';

const SOCIAL_ICONS = { x: XIcon, linkedin: LinkedInIcon } as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <Container className="grid gap-10 py-12 md:grid-cols-[1fr_2fr]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-slate-600">
            See your page the way a search crawler does: a free score and the top 3 fixes.
          </p>
          {SOCIAL_LINKS.length > 0 ? (
            <ul className="flex gap-3">
              {SOCIAL_LINKS.map(({ network, label, href }) => {
                const Icon = SOCIAL_ICONS[network];
                return (
                  <li key={network}>
                    <a
                      href={href}
                      aria-label={label}
                      className="flex size-11 items-center justify-center rounded-full border border-slate-300 text-slate-600 hover:border-slate-400 hover:text-slate-900"
                    >
                      <Icon className="size-4" />
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 text-sm sm:grid-cols-4">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <AppLink
                  to={link.to}
                  // 44 px tall: a comfortable tap target on a phone (WCAG 2.5.5).
                  className="flex min-h-11 items-center text-slate-600 hover:text-slate-900"
                >
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <Container className="border-t border-slate-200 py-6 text-sm text-slate-500">
        © {new Date().getFullYear()} {PRODUCT_NAME}. Free during beta.
      </Container>
    </footer>
  );
}
