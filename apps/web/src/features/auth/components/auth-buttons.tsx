import { CustomerText } from '@retouch/shared/texts';
import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';

/** Login and Register buttons of the logged-out header. */
export function AuthButtons({ vertical = false }: { vertical?: boolean }) {
  const navigate = useNavigate();
  return (
    <Flex gap="small" vertical={vertical}>
      <Button onClick={() => void navigate('/login')}>{CustomerText.login}</Button>
      <Button type="primary" onClick={() => void navigate('/register')}>
        {CustomerText.register}
      </Button>
    </Flex>
  );
}
