import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CardHeading } from '@/components/layout/card-heading';
import { toUserMessage } from '@/lib/api-client';
import { useBlockedUsers, useUnblockUser } from '../api/blocks';
import { SAFETY_TEXTS } from '../messages';

/** The profile's list of blocked members, each with 'Desbloquear' (decision 071). */
export const BlockedUsersCard = () => {
  const blocked = useBlockedUsers();
  const unblock = useUnblockUser();
  return (
    <Card variant="outlined">
      <CardContent>
        <CardHeading icon={BlockOutlined} title={SAFETY_TEXTS.blockedTitle} />
        {blocked.isPending ? (
          <Skeleton width={200} height={44} />
        ) : blocked.isError ? (
          <Alert severity="error">{SAFETY_TEXTS.blockedLoadError}</Alert>
        ) : blocked.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {SAFETY_TEXTS.blockedEmpty}
          </Typography>
        ) : (
          <List dense disablePadding>
            {blocked.data.map((member) => (
              <ListItem
                key={member.userId}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    disabled={unblock.isPending && unblock.variables === member.userId}
                    onClick={() => unblock.mutate(member.userId)}
                  >
                    {SAFETY_TEXTS.unblock}
                  </Button>
                }
              >
                <ListItemText primary={member.name} />
              </ListItem>
            ))}
          </List>
        )}
        {unblock.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {toUserMessage(unblock.error, SAFETY_TEXTS.unblockError)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
