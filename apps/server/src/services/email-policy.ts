/**
 * Addresses Crawlwise will not put on a mailing list (issue 27: `email_blocked`): throwaway
 * inboxes, which exist to receive one mail and bounce or vanish afterwards, and the domains that
 * can never receive mail at all. The newsletter and the partner waitlist answer such an address
 * with `email_blocked`; accounts and the contact form take any address (a person may reasonably
 * write from one, and a reply costs nothing).
 *
 * The list is short on purpose: the disposable services people actually meet, not a scraped
 * list of thousands that would also block real domains. Subdomains count (`x.mailinator.com`).
 */
const BLOCKED_DOMAINS = new Set([
  // Disposable inbox services.
  '10minutemail.com',
  'dispostable.com',
  'fakeinbox.com',
  'getnada.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'maildrop.cc',
  'mailinator.com',
  'mailnesia.com',
  'mintemail.com',
  'mohmal.com',
  'sharklasers.com',
  'spamgourmet.com',
  'temp-mail.org',
  'tempmail.com',
  'tempmailo.com',
  'throwawaymail.com',
  'trashmail.com',
  'yopmail.com',
  // Reserved names that can never receive mail (RFC 2606, RFC 6761).
  'invalid',
  'localhost',
  'test',
]);

/** Whether the address's domain (or a domain it is under) is one mail to would be wasted on. */
export function isBlockedEmail(email: string): boolean {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  const labels = domain.split('.');
  for (let start = 0; start < labels.length; start += 1) {
    if (BLOCKED_DOMAINS.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}
