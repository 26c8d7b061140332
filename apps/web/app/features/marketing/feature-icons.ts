import type { FeatureSlug } from '@crawlwise/shared/routes';
import {
  Code,
  FileText,
  Gauge,
  Image,
  Link as LinkIcon,
  type LucideIcon,
  ScanSearch,
  Tags,
} from 'lucide-react';

export const FEATURE_ICONS: Record<FeatureSlug, LucideIcon> = {
  analyzer: ScanSearch,
  'js-render-detection': Code,
  'title-meta-audit': Tags,
  'word-count': FileText,
  'image-alt-coverage': Image,
  'canonical-checker': LinkIcon,
  'score-model': Gauge,
};
