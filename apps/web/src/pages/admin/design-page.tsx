import { DesignerCabinet } from '@/features/designer-cabinet/components/designer-cabinet';

export default function DesignPage() {
  return <DesignerCabinet />;
}
