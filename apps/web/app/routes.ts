import { FEATURE_SLUGS } from '@crawlwise/shared/routes';
import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('features', 'routes/features.tsx'),
  // One route per known slug (not /features/:slug), so an unknown slug is the 404 route both in
  // the server's answer and in the browser, and the 404 page hydrates without a mismatch.
  ...FEATURE_SLUGS.map((slug) =>
    route(`features/${slug}`, 'routes/feature-detail.tsx', { id: `routes/feature-${slug}` }),
  ),
  route('how-it-works', 'routes/how-it-works.tsx'),
  route('developers', 'routes/developers.tsx'),
  route('pricing', 'routes/pricing.tsx'),
  route('payments', 'routes/payments.tsx'),
  route('run-a-test', 'routes/run-a-test.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('about', 'routes/about.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('partner', 'routes/partner.tsx'),
  route('report', 'routes/report.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('history', 'routes/history.tsx'),
  route('compare', 'routes/compare.tsx'),
  route('site-check', 'routes/site-check.tsx'),
  route('teams', 'routes/teams.tsx'),
  route('team', 'routes/team.tsx'),
  route('invitation', 'routes/invitation.tsx'),
  route('sites', 'routes/sites.tsx'),
  // Any other path, including the /404 path the 404 page is prerendered from.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
