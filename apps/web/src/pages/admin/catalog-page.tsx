import { CatalogEditor } from '@/features/catalog-editor/components/catalog-editor';

/** /admin/slider: the service catalogue editor. */
export default function CatalogPage() {
  return <CatalogEditor />;
}
