import { Flex, Image, Typography } from 'antd';
import { CoinAmount } from '@/components/coin-amount';
import type { HistoryOrder } from '../api/get-user-orders';
import { OrderHistoryText } from '../texts';

const SERVICE_PICTURE_SIZE = 32;

/** The services chosen per person: the person, then each service's picture, title and cost. */
export function OrderServices({ persons }: { persons: HistoryOrder['persons'] }) {
  return (
    <Flex vertical gap="small">
      {persons.map((person) => (
        <div key={person.id}>
          <Typography.Text strong>{person.id}</Typography.Text>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {person.orders.map((entry, index) => (
              <li key={`${entry._id}-${index}`}>
                <Flex gap="small" align="center">
                  <Image
                    src={entry.picture}
                    alt={OrderHistoryText.serviceAlt(entry.title.user)}
                    width={SERVICE_PICTURE_SIZE}
                    height={SERVICE_PICTURE_SIZE}
                    preview={false}
                  />
                  <span>{entry.title.user}</span>
                  <CoinAmount amount={entry.cost} secondary />
                </Flex>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Flex>
  );
}
