{{/*
The chart name (nameOverride wins).
*/}}
{{- define "billpoint.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The prefix of every resource name: <release>-<chart>, or the release name when it already holds the chart name.
Truncated at 63 characters because some Kubernetes name fields are limited to that (DNS labels).
*/}}
{{- define "billpoint.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Chart name and version, for the helm.sh/chart label.
*/}}
{{- define "billpoint.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Selector labels: name and instance only (they are immutable on a Deployment, so nothing that changes).
Call with the root context for chart-wide objects, or with (list $ "<workload>") for one workload,
whose app.kubernetes.io/name is the workload's name (gateway, customers, migrations).
*/}}
{{- define "billpoint.selectorLabels" -}}
{{- $root := . }}{{ $name := "" }}
{{- if kindIs "slice" . }}{{ $root = index . 0 }}{{ $name = index . 1 }}{{ end -}}
app.kubernetes.io/name: {{ $name | default (include "billpoint.name" $root) }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
{{- end }}

{{/*
Common labels; same calling convention as billpoint.selectorLabels.
*/}}
{{- define "billpoint.labels" -}}
{{- $root := . }}{{ if kindIs "slice" . }}{{ $root = index . 0 }}{{ end -}}
helm.sh/chart: {{ include "billpoint.chart" $root }}
{{ include "billpoint.selectorLabels" . }}
app.kubernetes.io/part-of: {{ include "billpoint.name" $root }}
{{- if $root.Chart.AppVersion }}
app.kubernetes.io/version: {{ $root.Chart.AppVersion | quote }}
{{- end }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
{{- end }}

{{/*
Name of a workload's objects: <fullname>-<workload>, at most 63 characters.
*/}}
{{- define "billpoint.componentName" -}}
{{- $root := index . 0 }}
{{- printf "%s-%s" (include "billpoint.fullname" $root) (index . 1) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Image of a workload: <image.repository>-<workload>:<image.tag or appVersion>.
*/}}
{{- define "billpoint.image" -}}
{{- $root := index . 0 }}
{{- printf "%s-%s:%s" $root.Values.image.repository (index . 1) ($root.Values.image.tag | default $root.Chart.AppVersion) }}
{{- end }}

{{- define "billpoint.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "billpoint.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
The Secret every workload reads: yours (secret.existingSecret) or the chart's.
*/}}
{{- define "billpoint.secretName" -}}
{{- .Values.secret.existingSecret | default (include "billpoint.fullname" .) }}
{{- end }}

{{/*
The enabled workloads as a YAML map, name -> settings: serviceDefaults overlaid with the entry of
.Values.services, plus `dir` (the folder of its src/), `gateway` (true for the BFF) and `envPrefix`
(customers -> CUSTOMERS, for the gateway's CUSTOMERS_URL). Use: range $name, $w := include ... | fromYaml.
*/}}
{{- define "billpoint.workloads" -}}
{{- $out := dict }}
{{- range $name, $entry := .Values.services }}
{{- $entry = $entry | default dict }}
{{- if or (not (hasKey $entry "enabled")) $entry.enabled }}
{{- $w := mergeOverwrite (deepCopy $.Values.serviceDefaults) (deepCopy $entry) }}
{{- /* mergeOverwrite lets no false, 0 or "" of the entry win over a default: copy those as written. */}}
{{- range $k, $v := $entry }}
{{- if and (kindIs "map" $v) (kindIs "map" (index $w $k)) }}
{{- range $k2, $v2 := $v }}{{ if not (kindIs "map" $v2) }}{{ $_ := set (index $w $k) $k2 $v2 }}{{ end }}{{ end }}
{{- else }}
{{- $_ := set $w $k $v }}
{{- end }}
{{- end }}
{{- $isGateway := eq (toString (index $w "role")) "gateway" }}
{{- $_ := set $w "gateway" $isGateway }}
{{- $_ := set $w "dir" (ternary "gateway" (printf "services/%s" $name) $isGateway) }}
{{- $_ := set $w "envPrefix" ($name | upper | replace "-" "_") }}
{{- $_ := set $out $name $w }}
{{- end }}
{{- end }}
{{- toYaml $out }}
{{- end }}

{{/*
Variables of every process that come from the Secret. DATABASE_URL, NATS_URL and INTERNAL_TOKEN_KEY are
required: a missing key keeps the pod from starting (CreateContainerConfigError) rather than letting it
run on an in-process bus. Call with (list $ <extra optional keys>).
*/}}
{{- define "billpoint.secretEnv" -}}
{{- $root := index . 0 }}
{{- $secret := include "billpoint.secretName" $root }}
{{- range $key := list "DATABASE_URL" "NATS_URL" "INTERNAL_TOKEN_KEY" }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef: { name: {{ $secret }}, key: {{ $key }} }
{{- end }}
{{- range $key := prepend (index . 1) "DATABASE_APP_PASSWORD" | uniq }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef: { name: {{ $secret }}, key: {{ $key }}, optional: true }
{{- end }}
{{- end }}

{{/*
OpenTelemetry resource attributes from the downward API (only when tracing is on).
*/}}
{{- define "billpoint.otelEnv" -}}
{{- if .Values.otel.endpoint }}
- name: POD_NAME
  valueFrom: { fieldRef: { fieldPath: metadata.name } }
- name: POD_NAMESPACE
  valueFrom: { fieldRef: { fieldPath: metadata.namespace } }
- name: OTEL_RESOURCE_ATTRIBUTES
  value: "service.namespace={{ include "billpoint.name" . }},service.version={{ .Values.image.tag | default .Chart.AppVersion }},k8s.namespace.name=$(POD_NAMESPACE),k8s.pod.name=$(POD_NAME)"
{{- end }}
{{- end }}

{{/*
Port of the OTLP endpoint (explicit, or 443/80 by scheme), for the NetworkPolicy.
*/}}
{{- define "billpoint.otelPort" -}}
{{- $u := urlParse .Values.otel.endpoint }}
{{- $port := regexFind "[0-9]+$" (regexFind ":[0-9]+$" $u.host) }}
{{- $port | default (ternary "443" "80" (eq $u.scheme "https")) }}
{{- end }}

{{/*
The shared settings as a map (the ConfigMap's data).
*/}}
{{- define "billpoint.sharedEnv" -}}
NODE_ENV: production
HOST: 0.0.0.0
LOG_LEVEL: {{ .Values.config.logLevel | quote }}
MIGRATE_ON_START: {{ ternary "false" "true" .Values.migrations.enabled | quote }}
{{- with .Values.otel.endpoint }}
OTEL_EXPORTER_OTLP_ENDPOINT: {{ . | quote }}
{{- end }}
{{- range $k, $v := .Values.config.extraEnv }}
{{ $k }}: {{ toString $v | quote }}
{{- end }}
{{- end }}
