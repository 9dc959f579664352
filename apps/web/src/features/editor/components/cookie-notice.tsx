import { Button, Flex, theme, Typography } from 'antd';
import { acceptCookies, useCookiesAccepted } from '../stores/cookie-consent';
import { EditorText } from '../texts';

/** A bar fixed at the bottom until the visitor agrees; the agreement is remembered. */
export function CookieNotice() {
  const { token } = theme.useToken();
  const accepted = useCookiesAccepted();
  if (accepted) return null;
  return (
    <Flex
      role="region"
      aria-label={EditorText.cookieNotice}
      align="center"
      justify="center"
      gap="middle"
      wrap
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 900,
        padding: '12px 16px',
        background: token.colorBgElevated,
        boxShadow: token.boxShadow,
      }}
    >
      <Typography.Text>{EditorText.cookieText}</Typography.Text>
      <Button type="primary" onClick={acceptCookies}>
        {EditorText.agree}
      </Button>
    </Flex>
  );
}
