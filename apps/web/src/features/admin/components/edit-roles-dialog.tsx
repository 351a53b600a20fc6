import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import type { Role } from '@unimercado/shared/schemas/roles';
import { replaceRolesBodySchema } from '@unimercado/shared/schemas/roles';
import type { User } from '@unimercado/shared/schemas/users';
import { useId, useState } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { toUserMessage } from '@/lib/api-client';
import { useReplaceUserRoles, useRoles, useUserRoles } from '../api/roles';
import { formatRoleName } from '../utils/format-roles';

const ROLES_SAVE_FALLBACK = 'Error al actualizar los roles';

const RolesForm = ({
  user,
  roles,
  initialRoleIds,
  onClose,
  onSaved,
}: {
  user: User;
  roles: Role[];
  initialRoleIds: number[];
  onClose: () => void;
  onSaved: () => void;
}) => {
  const [selected, setSelected] = useState<number[]>(initialRoleIds);
  const replace = useReplaceUserRoles();
  const labelId = useId();
  const validation = replaceRolesBodySchema.safeParse(selected);
  const validationMessage = validation.success
    ? null
    : (validation.error.issues[0]?.message ?? null);
  const nameOf = (id: number) =>
    formatRoleName(roles.find((role) => role.id === id)?.name ?? String(id));

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2.5 }}>
          Elige los roles de {user.name}. Los roles elegidos reemplazan a los actuales.
        </DialogContentText>
        {replace.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {toUserMessage(replace.error, ROLES_SAVE_FALLBACK)}
          </Alert>
        )}
        <FormControl fullWidth error={Boolean(validationMessage)}>
          <InputLabel id={labelId}>Roles</InputLabel>
          <Select<number[]>
            labelId={labelId}
            multiple
            value={selected}
            onChange={(event) => {
              const { value } = event.target;
              setSelected(typeof value === 'string' ? value.split(',').map(Number) : value);
            }}
            input={<OutlinedInput label="Roles" />}
            renderValue={(ids) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {ids.map((id) => (
                  <Chip
                    key={id}
                    label={nameOf(id)}
                    size="small"
                    color="primary"
                    variant="outlined"
                  />
                ))}
              </Box>
            )}
          >
            {roles.map((role) => (
              <MenuItem key={role.id} value={role.id}>
                <Checkbox checked={selected.includes(role.id)} tabIndex={-1} disableRipple />
                <ListItemText primary={formatRoleName(role.name)} />
              </MenuItem>
            ))}
          </Select>
          {validationMessage && <FormHelperText>{validationMessage}</FormHelperText>}
        </FormControl>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={replace.isPending}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          disabled={!validation.success || replace.isPending}
          onClick={() =>
            replace.mutate({ userId: user.id, roleIds: selected }, { onSuccess: onSaved })
          }
        >
          {replace.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
      </DialogActions>
    </>
  );
};

/** 'Editar roles': multi-select of every role, Cancelar, Guardar (spec section 2). */
export const EditRolesDialog = ({
  user,
  onClose,
  onSaved,
}: {
  user: User;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const roles = useRoles();
  const userRoles = useUserRoles(user.id);
  const titleId = useId();
  const isLoading = roles.isPending || userRoles.isPending;
  const error = roles.error ?? userRoles.error;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Editar roles</DialogTitle>
      {isLoading && (
        <DialogContent>
          <Skeleton width="80%" />
          <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />
        </DialogContent>
      )}
      {!isLoading && error && (
        <>
          <DialogContent>
            <ErrorAlert
              message={toUserMessage(error, 'No se pudieron cargar los roles')}
              onRetry={() => {
                void roles.refetch();
                void userRoles.refetch();
              }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose}>Cancelar</Button>
          </DialogActions>
        </>
      )}
      {roles.isSuccess && userRoles.isSuccess && (
        <RolesForm
          user={user}
          roles={roles.data}
          initialRoleIds={userRoles.data.map((role) => role.id)}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
};
