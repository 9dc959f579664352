import { Typography } from 'antd';
import { useLocation, useNavigate, useOutletContext } from 'react-router';
import type { CustomerOutletContext } from '@/app/customer-layout';
import { RetouchEditor } from '@/features/editor/components/retouch-editor';
import { EditorText } from '@/features/editor/texts';
import { usePublicServices } from '@/features/portfolio/api/get-public-services';
import { loginPathFor } from '@/lib/session/redirect';
import { useSession } from '@/lib/session/use-session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /core: open to every visitor; the login is asked for only when the order is sent. */
export default function CorePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { openBuyTokens } = useOutletContext<CustomerOutletContext>();
  const { loggedIn, user } = useSession();
  const catalogue = usePublicServices();

  useDocumentTitle(EditorText.documentTitle);

  return (
    <div style={{ maxWidth: 1400, margin: '0 auto' }}>
      <Typography.Title level={1}>{EditorText.heading}</Typography.Title>
      <RetouchEditor
        catalogue={catalogue}
        loggedIn={loggedIn}
        balance={user?.balance ?? null}
        onBuyTokens={openBuyTokens}
        onLoginRequired={() => void navigate(loginPathFor(location))}
      />
    </div>
  );
}
