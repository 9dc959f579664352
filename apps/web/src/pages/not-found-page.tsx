import { CustomerText } from '@retouch/shared/texts';
import { NotFound } from '@/components/not-found';

export default function NotFoundPage() {
  return <NotFound subTitle={CustomerText.pageNotFound} backLabel={CustomerText.backHome} backTo="/" />;
}
