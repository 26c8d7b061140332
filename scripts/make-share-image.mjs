// Renders the sharing image (og:image, twitter:image) from its SVG source:
// apps/web/design/share-image.svg → apps/web/public/og-image.png, 1200×630 as Open Graph and
// Twitter's large card expect. The PNG is committed; run `node scripts/make-share-image.mjs`
// after changing the SVG.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'apps/web/design/share-image.svg');
const target = path.join(root, 'apps/web/public/og-image.png');

const info = await sharp(source, { density: 72 })
  .resize(1200, 630)
  .png({ compressionLevel: 9 })
  .toFile(target);
console.log(`${path.relative(root, target)}: ${info.width}×${info.height}, ${info.size} bytes`);
