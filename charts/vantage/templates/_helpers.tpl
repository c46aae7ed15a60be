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
{{- end -}}

{{- define "vantage.secretName" -}}
{{- default (printf "%s-db" (include "vantage.fullname" .)) .Values.postgresql.existingSecret -}}
{{- end -}}

{{/* Environment shared by every role. */}}
{{- define "vantage.env" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "vantage.secretName" . }}
      key: {{ .Values.postgresql.existingSecretKey }}
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
