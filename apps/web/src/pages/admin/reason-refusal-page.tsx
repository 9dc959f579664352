import { RefusalReasonsEditor } from '@/features/refusal-reasons/components/refusal-reasons-editor';

export default function ReasonRefusalPage() {
  return <RefusalReasonsEditor />;
}
