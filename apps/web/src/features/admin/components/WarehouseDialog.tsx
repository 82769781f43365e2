import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from "@mui/material";
import { Controller, useForm, type FieldPath, type Resolver } from "react-hook-form";
import {
  createWarehouseInputSchema,
  type CreateWarehouseInput,
  type Warehouse,
} from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useCreateWarehouse, useUpdateWarehouse } from "../api/warehouses";
import { useServerMessage } from "../../../i18n/server-messages";
import { useAdminT } from "../i18n";

interface WarehouseFormValues {
  code: string;
  country: string;
  address: string;
  name: string;
  city: string;
  state: string;
  postal_code: string;
  type: string;
  port: string;
}

const FIELDS: {
  name: FieldPath<WarehouseFormValues>;
  required?: boolean;
  max: number;
}[] = [
  { name: "code", required: true, max: 20 },
  { name: "country", required: true, max: 20 },
  { name: "name", max: 100 },
  { name: "address", required: true, max: 200 },
  { name: "city", max: 100 },
  { name: "state", max: 50 },
  { name: "postal_code", max: 20 },
  { name: "type", max: 30 },
  { name: "port", max: 10 },
];

function toFormValues(warehouse: Warehouse | null): WarehouseFormValues {
  return {
    code: warehouse?.code ?? "",
    country: warehouse?.country ?? "",
    address: warehouse?.address ?? "",
    name: warehouse?.name ?? "",
    city: warehouse?.city ?? "",
    state: warehouse?.state ?? "",
    postal_code: warehouse?.postal_code ?? "",
    type: warehouse?.type ?? "",
    port: warehouse?.port ?? "",
  };
}

/** Adds a fulfilment centre, or edits one when `warehouse` is given. */
export function WarehouseDialog({
  warehouse,
  onClose,
}: {
  warehouse: Warehouse | null;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const serverMessage = useServerMessage();
  const create = useCreateWarehouse();
  const update = useUpdateWarehouse();
  const isBusy = create.isPending || update.isPending;
  const { control, handleSubmit, setError } = useForm<WarehouseFormValues>({
    mode: "onTouched",
    defaultValues: toFormValues(warehouse),
    // Same rules as the server; blank optional fields are sent as null (cleared).
    // The schema's optional fields are typed loosely (blank text preprocesses to null), so the
    // form's all-text values are narrowed here; `raw` keeps what was typed for the request body.
    resolver: zodResolver(createWarehouseInputSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<WarehouseFormValues>,
  });

  const submit = handleSubmit(async (values) => {
    const input: CreateWarehouseInput = values;
    try {
      const res = warehouse
        ? await update.mutateAsync({ id: warehouse.id, input })
        : await create.mutateAsync(input);
      notify.success(serverMessage(res.message) ?? res.message);
      onClose();
    } catch (error) {
      if (
        !applyFieldErrors(
          error,
          setError,
          FIELDS.map((f) => f.name),
        )
      )
        toastApiError(error);
    }
  });

  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="warehouse-dialog-title"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="warehouse-dialog-title">
          {warehouse
            ? t("warehouses.editTitle", { code: warehouse.code })
            : t("warehouses.addTitle")}
        </DialogTitle>
        <DialogContent dividers>
          <Box
            sx={{
              display: "grid",
              columnGap: 2,
              rowGap: 1,
              gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" },
            }}
          >
            {FIELDS.map((f) => (
              <Controller
                key={f.name}
                name={f.name}
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label={t(`warehouses.fields.${f.name}`)}
                    required={f.required}
                    error={Boolean(fieldState.error)}
                    helperText={serverMessage(fieldState.error?.message) ?? " "}
                    slotProps={{ htmlInput: { maxLength: f.max } }}
                    sx={f.name === "address" ? { gridColumn: { sm: "1 / -1" } } : undefined}
                  />
                )}
              />
            ))}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={isBusy}>
            {t("warehouses.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy}>
            {warehouse ? t("warehouses.save") : t("warehouses.addButton")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
