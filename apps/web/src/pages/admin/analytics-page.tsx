import { AnalyticsCabinet } from '@/features/analytics/components/analytics-cabinet';

/** /admin/analytics: the personal cabinet and analytics. */
export default function AnalyticsPage() {
  return <AnalyticsCabinet />;
}
