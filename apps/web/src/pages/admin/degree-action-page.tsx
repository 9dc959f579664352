import { DegreeEditor } from '@/features/degrees/components/degree-editor';

export default function DegreeActionPage() {
  return <DegreeEditor />;
}
