// A code promotion's codes: how many it has, 'Generate codes' (how many, an optional prefix: a batch of
// single-use codes, then "500 codes added") and 'Download codes (CSV)' (code,single_use,uses, saved as
// promotion-12-codes.csv). The server's messages show at their fields (count, prefix).
import { useApolloClient } from "@apollo/client/react";
import { Button, Group, NumberInput, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { PromotionCodesCsvDocument } from "./operations";
import { useFieldErrors } from "../../../lib/forms/useFieldErrors";
import { notifySuccess } from "../../../lib/notify";
import { REQUIRED } from "../adminRules";
import { notifyServerFailure } from "../adminFeedback";
import { AdminSection } from "../AdminParts";
import { downloadTextFile } from "../../../lib/downloadFile";
import { codesAddedText, codesFileName, singleUseCodeCount, singleUseCodes } from "./promotionText";
import { useGeneratePromotionCodes } from "./usePromotionChanges";

export interface PromotionCodesSectionProps {
  promotion: { id: number; code: string | null; codeCount: number };
}

function codesSummary(promotion: PromotionCodesSectionProps["promotion"]): string {
  const batch = singleUseCodeCount(promotion);
  if (promotion.code && batch > 0) return `Shoppers can enter the code ${promotion.code}, or one of its ${singleUseCodes(batch)}.`;
  if (promotion.code) return `Shoppers enter the code ${promotion.code}. Generate single-use codes to hand out one per customer.`;
  if (batch > 0) return `It has ${singleUseCodes(batch)}.`;
  return "It has no code yet: generate single-use codes to hand out, or give it a code above.";
}

export function PromotionCodesSection({ promotion }: PromotionCodesSectionProps) {
  const client = useApolloClient();
  const [count, setCount] = useState<number | string>("");
  const [prefix, setPrefix] = useState("");
  const [downloading, setDownloading] = useState(false);
  const { ref: formRef, errorOf, show: showErrors, showFailure, clear: clearErrors } = useFieldErrors();
  const [generate, { loading: generating }] = useGeneratePromotionCodes();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (String(count).trim() === "") return showErrors({ count: REQUIRED });
    clearErrors();
    try {
      const { data } = await generate({ variables: { id: promotion.id, count: Number(count), prefix: prefix.trim() === "" ? null : prefix.trim() } });
      if (!data) return;
      notifySuccess(codesAddedText(data.generatePromotionCodes));
      setCount("");
    } catch (failure) {
      if (!showFailure(failure)) notifyServerFailure(failure);
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      const { data } = await client.query({ query: PromotionCodesCsvDocument, variables: { id: promotion.id }, fetchPolicy: "network-only" });
      if (data) downloadTextFile(data.promotionCodesCsv, codesFileName(promotion.id));
    } catch (failure) {
      notifyServerFailure(failure);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <AdminSection id="promotion-codes" title="Codes">
      <Text size="sm" data-testid="codes-summary">
        {codesSummary(promotion)}
      </Text>
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label="Generate codes">
        <Group align="flex-start" gap="sm">
          <NumberInput
            label="Number of codes"
            description="Up to 10,000 at a time."
            value={count}
            onChange={(value) => {
              setCount(value);
              clearErrors("count");
            }}
            min={1}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            error={errorOf("count")}
            withAsterisk
            w={180}
          />
          <TextInput
            label="Prefix (optional)"
            description="Letters and digits, e.g. AUTUMN."
            value={prefix}
            onChange={(event) => {
              setPrefix(event.currentTarget.value.toUpperCase());
              clearErrors("prefix");
            }}
            error={errorOf("prefix")}
            w={200}
          />
          <Button type="submit" loading={generating} mt={{ base: 0, xs: 44 }}>
            Generate codes
          </Button>
        </Group>
      </form>
      <Group>
        <Button variant="default" onClick={() => void download()} loading={downloading} disabled={promotion.codeCount === 0}>
          Download codes (CSV)
        </Button>
      </Group>
    </AdminSection>
  );
}
