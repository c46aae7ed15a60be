{{- define "vantage.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}

{{- define "vantage.image" -}}
{{ .Values.image.repository }}:{{ default .Chart.AppVersion .Values.image.tag }}
{{- end -}}

{{- define "vantage.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "vantage.secretName" -}}
{{- default (printf "%s-db" (include "vantage.fullname" .)) .Values.postgresql.existingSecret -}}
{{- end -}}

{{/* The ServiceAccount of api, engine, migrations and agents (no API access: tokens are not mounted). */}}
{{- define "vantage.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "vantage.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "vantage.operatorServiceAccountName" -}}
{{- if .Values.operator.serviceAccount.create -}}
{{- default (printf "%s-operator" (include "vantage.fullname" .)) .Values.operator.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.operator.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Environment shared by every role; `secretName` is the Secret holding the database URL. */}}
{{- define "vantage.envWithSecret" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ .secretName }}
      key: {{ .root.Values.postgresql.existingSecretKey }}
{{ include "vantage.settingsEnv" .root }}
{{- end -}}

{{- define "vantage.env" -}}
{{ include "vantage.envWithSecret" (dict "root" . "secretName" (include "vantage.secretName" .)) }}
{{- end -}}

{{/* Settings from values, without the database URL: their checksum rolls the pods when they change. */}}
{{- define "vantage.settingsEnv" -}}
- name: NATS_URL
  value: {{ .Values.nats.url | quote }}
{{- with .Values.amqp.url }}
- name: AMQP_URL
  value: {{ . | quote }}
{{- end }}
- name: LOG_LEVEL
  value: {{ .Values.logLevel | quote }}
- name: VANTAGE_PARTITIONS
  value: {{ .Values.partitions | quote }}
- name: VANTAGE_LOCATIONS
  value: {{ include "vantage.locationIds" . | quote }}
{{- range $name, $value := .Values.extraEnv }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}

{{- define "vantage.locationIds" -}}
{{- $ids := list -}}
{{- range .Values.agents.locations }}{{ $ids = append $ids .id }}{{ end -}}
{{- join "," $ids -}}
{{- end -}}

{{/*
Annotations of every pod: the user's, and checksums of the database Secret and of the settings,
so a changed URL or setting rolls the pods (agents through the operator's template hash).
*/}}
{{- define "vantage.podAnnotations" -}}
{{- $annotations := dict
  "checksum/secret" (include (print .Template.BasePath "/secret.yaml") . | sha256sum)
  "checksum/settings" (include "vantage.settingsEnv" . | sha256sum)
-}}
{{- toYaml (merge $annotations (deepCopy .Values.podAnnotations)) -}}
{{- end -}}

{{/* Pod-level security of every role but the agents: restricted Pod Security Standard. */}}
{{- define "vantage.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
seccompProfile: { type: RuntimeDefault }
{{- end -}}

{{- define "vantage.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities: { drop: [ALL] }
seccompProfile: { type: RuntimeDefault }
{{- end -}}

{{/*
Placement of one component: its own nodeSelector / affinity / tolerations, else the global ones.
Call with (dict "root" . "component" .Values.api).
*/}}
{{- define "vantage.placement" -}}
{{- $values := .root.Values -}}
{{- with (default $values.nodeSelector .component.nodeSelector) }}
nodeSelector: {{- toYaml . | nindent 2 }}
{{- end }}
{{- with (default $values.affinity .component.affinity) }}
affinity: {{- toYaml . | nindent 2 }}
{{- end }}
{{- with (default $values.tolerations .component.tolerations) }}
tolerations: {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Everything the pod specs of api, engine, operator and migrations share. */}}
{{- define "vantage.podCommon" -}}
{{- with .root.Values.imagePullSecrets }}
imagePullSecrets: {{- toYaml . | nindent 2 }}
{{- end }}
securityContext: {{- include "vantage.podSecurityContext" .root | nindent 2 }}
{{- include "vantage.placement" . }}
{{- end -}}

{{/* Writable scratch space on a read-only root: /tmp for every role. */}}
{{- define "vantage.tmpVolumeMount" -}}
- { name: tmp, mountPath: /tmp }
{{- end -}}

{{- define "vantage.tmpVolume" -}}
- { name: tmp, emptyDir: { sizeLimit: 64Mi } }
{{- end -}}

{{- define "vantage.databaseUrl" -}}
{{- required "postgresql.url or postgresql.existingSecret is required" .Values.postgresql.url -}}
{{- end -}}

{{/* What values.schema.json cannot say: rules between values. */}}
{{- define "vantage.checkValues" -}}
{{- $agents := .Values.agents -}}
{{- if lt (int $agents.maxReplicas) (int $agents.minReplicas) -}}
{{- fail (printf "agents.maxReplicas (%v) is below agents.minReplicas (%v)" $agents.maxReplicas $agents.minReplicas) -}}
{{- end -}}
{{- $seen := dict -}}
{{- range $agents.locations -}}
{{- if hasKey $seen .id }}{{ fail (printf "agents.locations: the id %q appears twice" .id) }}{{ end -}}
{{- $_ := set $seen .id true -}}
{{- end -}}
{{- range $name, $_ := .Values.extraEnv -}}
{{- if has $name (list "DATABASE_URL" "NATS_URL" "AMQP_URL" "LOG_LEVEL" "VANTAGE_PARTITIONS" "VANTAGE_LOCATIONS" "VANTAGE_API_DATABASE_CONNECTIONS") -}}
{{- fail (printf "extraEnv.%s: set it through its own value (postgresql, nats, amqp, logLevel, partitions, agents.locations, api.databaseConnections)" $name) -}}
{{- end -}}
{{- end -}}
{{- end -}}
